import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { AUTH_TEXTS } from "../../../../shared/auth-texts.js";
import type { RegisterRequest } from "../../../../shared/schemas/auth.js";
import { FormField } from "../../../components/form-field.js";
import { Button } from "../../../components/ui/button.js";
import { registerFormSchema } from "../auth-form-schemas.js";

type RegisterFormProps = {
  /**
   * Where the form posts as plain HTML, before the app's handler is attached (or without
   * JavaScript): the API's form route, which answers with a redirect (issue 38).
   */
  action: string;
  /** The return address once signed in (already checked: a path on this site), posted along. */
  next?: string | undefined;
  /** The fund a visitor's Save waits to save (issue 37), posted along. */
  save?: number | undefined;
  onSubmit: (values: RegisterRequest) => Promise<unknown>;
  busy: boolean;
};

export function RegisterForm({ action, next, save, onSubmit, busy }: RegisterFormProps) {
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { displayName: "", email: "", password: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const disabled = busy || isSubmitting;

  return (
    <form
      method="post"
      action={action}
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      className="flex flex-col gap-4"
      aria-busy={disabled}
    >
      {next && <input type="hidden" name="next" value={next} />}
      {save !== undefined && <input type="hidden" name="save" value={save} />}
      <fieldset disabled={disabled} className="flex flex-col gap-4">
        <FormField
          id="register-display-name"
          label="Display Name"
          autoComplete="nickname"
          hint={AUTH_TEXTS.displayNameHint}
          error={errors.displayName?.message}
          {...form.register("displayName")}
        />
        <FormField
          id="register-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          error={errors.email?.message}
          {...form.register("email")}
        />
        <FormField
          id="register-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={AUTH_TEXTS.passwordHint}
          error={errors.password?.message}
          {...form.register("password")}
        />
      </fieldset>
      <Button type="submit" size="lg" className="w-full" disabled={disabled}>
        {disabled ? AUTH_TEXTS.registerPending : AUTH_TEXTS.registerSubmit}
      </Button>
    </form>
  );
}
