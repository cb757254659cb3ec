import { NotFoundState } from "@/components/shell/not-found-state";

/** The platform answered 404 for this endpoint id: deleted, or never there. */
export function EndpointNotFound({ id }: { id: string }) {
  return (
    <NotFoundState
      title={
        <>
          No endpoint <span className="font-mono">{id}</span>
        </>
      }
      links={[
        { href: "/serverless", label: "All endpoints" },
        { href: "/serverless/new", label: "New endpoint" },
      ]}
    >
      <p>
        Your account has no serverless endpoint with this id: it may have been deleted, or the id is
        mistyped. The list shows every endpoint the key can see.
      </p>
    </NotFoundState>
  );
}
