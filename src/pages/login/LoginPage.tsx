/** /login inside the signed-in app (after a logout): the login form with Refine's login, which also refreshes Refine's auth state. */
import { useLogin } from '@refinedev/core';
import { LoginForm } from './LoginForm';
import type { LoginInput } from '../../providers/auth';

export default function LoginPage() {
  const { mutateAsync: login } = useLogin<LoginInput>();
  const signIn = async (values: LoginInput) => {
    const result = await login(values);
    return result.success ? null : (result.error?.message ?? '');
  };
  return <LoginForm signIn={signIn} />;
}
