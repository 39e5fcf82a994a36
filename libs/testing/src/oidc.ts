import { spawn } from 'node:child_process';
import path from 'node:path';

export interface OidcServer {
  /** Issuer URL: set GOOGLE_ISSUER_URL to it. */
  readonly issuer: string;
  stop(): Promise<void>;
}

/** Starts a local OpenID Connect provider (oauth2-mock-server) in a child process, signing in as `email`. */
export async function startOidcServer(user: { email: string; name: string }): Promise<OidcServer> {
  const script = path.join(import.meta.dirname, 'oidc-server.mjs');
  const child = spawn(process.execPath, [script, user.email, user.name], { stdio: ['ignore', 'pipe', 'pipe'], cwd: import.meta.dirname });
  let output = '';
  const issuer = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
      const m = /OIDC_READY (\S+)/.exec(output);
      if (m) resolve(m[1]!);
    });
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`OIDC server exited with ${code}: ${output}`)));
  });
  return {
    issuer,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
