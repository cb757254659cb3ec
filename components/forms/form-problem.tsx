/** The part of a problem no field could show (see applyProblemToForm), above the submit button. */
export function FormProblem({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-300"
    >
      {message}
    </p>
  );
}
