// Modules provided at run time by Module Federation remotes (types are not generated: dts is off).
declare module 'admin_access/SignIn' {
  import type { ComponentType } from 'react';
  export interface SignInProps {
    /** Called with the server's answer after a real, successful sign-in. */
    onSignedIn?: (session: unknown) => void;
    /** Epoch ms until which the server has locked sign-in from here (found on load). */
    lockedUntil?: number;
    /** A message to show on arrival (e.g. why a session was refused). */
    notice?: string;
  }
  const SignIn: ComponentType<SignInProps>;
  export default SignIn;
}
