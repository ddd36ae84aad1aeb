import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { AUTH_TEXTS } from "../../../../shared/auth-texts.js";
import type { LoginRequest } from "../../../../shared/schemas/auth.js";
import { FormField } from "../../../components/form-field.js";
import { Button } from "../../../components/ui/button.js";
import { loginFormSchema } from "../auth-form-schemas.js";

type LoginFormProps = {
  /**
   * Where the form posts as plain HTML, before the app's handler is attached (or without
   * JavaScript): the API's form route, which answers with a redirect (issue 38).
   */
  action: string;
  /** The return address once signed in (already checked: a path on this site), posted along. */
  next?: string | undefined;
  /** The fund a visitor's Save waits to save (issue 37), posted along. */
  save?: number | undefined;
  /** Resolves when the attempt is over; a failure is shown by the page, not thrown. */
  onSubmit: (values: LoginRequest) => Promise<unknown>;
  /** Stays true after a success, until the redirect: the form must not be sent twice. */
  busy: boolean;
};

export function LoginForm({ action, next, save, onSubmit, busy }: LoginFormProps) {
  const form = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: "", password: "" },
    // Validated on submit and on blur.
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
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          error={errors.email?.message}
          {...form.register("email")}
        />
        <FormField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <Link
          to="/forgot-password"
          className="-mt-2 self-end rounded-sm text-sm font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden"
        >
          {AUTH_TEXTS.forgotPassword}
        </Link>
      </fieldset>
      <Button type="submit" size="lg" className="w-full" disabled={disabled}>
        {disabled ? AUTH_TEXTS.loginPending : AUTH_TEXTS.loginSubmit}
      </Button>
    </form>
  );
}
