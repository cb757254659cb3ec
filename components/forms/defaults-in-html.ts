import { get, type FieldValues, type UseFormRegister, type UseFormReturn } from "react-hook-form";

/**
 * react-hook-form gives a field its value through the field's ref, in the browser: a form's server
 * HTML shows every field empty. That is fine for a form that hydrates with the page; a form whose
 * code waits for the user (`hydrateOnInteraction`) would show empty fields until then. This makes
 * the form's `register` (and its control's, which the shared field components use) also hand each
 * field its default value — `defaultValue`, or `defaultChecked` for a boolean — so the server's
 * HTML shows what the form will hold. Radio groups are named in `radios` and left out: a radio
 * carries its own value (give it `defaultChecked`).
 */
export function showDefaultsInHtml<T extends FieldValues, C, O extends FieldValues>(
  form: UseFormReturn<T, C, O>,
  radios: readonly string[] = [],
): void {
  type Marked = UseFormRegister<T> & { showsDefaults?: true };
  const withDefault = (register: Marked): UseFormRegister<T> => {
    if (register.showsDefaults) return register;
    const patched: Marked = (name, options) => {
      const props = register(name, options);
      if (radios.includes(name)) return props;
      const value: unknown = get(form.control._defaultValues, name);
      if (typeof value === "boolean") return { ...props, defaultChecked: value };
      if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value)))
        return { ...props, defaultValue: value };
      return props;
    };
    patched.showsDefaults = true;
    return patched;
  };
  form.register = withDefault(form.register);
  form.control.register = withDefault(form.control.register);
}
