// A local OpenID Connect provider for tests (oauth2-mock-server cannot run inside Jest's VM, so it runs
// here, as a child process). Usage: node oidc-server.mjs <email> <name>; prints "OIDC_READY <issuer>".
import { OAuth2Server } from 'oauth2-mock-server';

const [email = 'google.user@example.test', name = 'Google User'] = process.argv.slice(2);
const sub = `mock-${Buffer.from(email).toString('hex').slice(0, 24)}`;
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
server.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, { sub, email, email_verified: true, name, given_name: name.split(' ')[0] });
});
server.service.on('beforeUserinfo', (response) => {
  response.body = { sub, email, email_verified: true, name, given_name: name.split(' ')[0] };
});
await server.start(0, '127.0.0.1');
// One spelling of the issuer everywhere (discovery document, token `iss`, our configuration).
server.issuer.url = `http://127.0.0.1:${server.address().port}`;
process.stdout.write(`OIDC_READY ${server.issuer.url}\n`);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
