import { HttpSession } from './http';
import { latestMail } from './mail';
import type { RunningProduct } from './product';

export interface NewAccount {
  email: string;
  password: string;
  name?: string;
  /** Where the verification link sends the browser (default /email-verified). */
  callbackURL?: string;
}

/**
 * Creates a family account through the real sign-up route and confirms its e-mail by following the link
 * in the outbox, as a person would. Returns the session the sign-up used (not signed in).
 */
export async function signUpVerified(product: RunningProduct, account: NewAccount): Promise<HttpSession> {
  const http = new HttpSession(product.url);
  const { email, password, name = '', callbackURL = '/email-verified' } = account;
  const signUp = await http.json('/api/auth/sign-up/email', { method: 'POST', json: { email, password, name, callbackURL } });
  if (signUp.status !== 200) throw new Error(`sign-up of ${email} answered ${signUp.status}: ${JSON.stringify(signUp.body)}`);
  const mail = await latestMail(product.outboxDir, email, { kind: 'verify-email' });
  const verified = await http.fetch(mail.links[0]!);
  if (verified.status !== 302) throw new Error(`verification link of ${email} answered ${verified.status}`);
  return http;
}

/** A new family account (`signUpVerified`), signed in through the real route. */
export async function newFamilySession(product: RunningProduct, account: NewAccount): Promise<HttpSession> {
  await signUpVerified(product, account);
  return signedIn(product, account.email, account.password);
}

/** Signs in through the real route; returns the signed-in session. */
export async function signedIn(product: Pick<RunningProduct, 'url'>, email: string, password: string): Promise<HttpSession> {
  const http = new HttpSession(product.url);
  const res = await http.json('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return http;
}

export interface StaffAccount {
  email: string;
  name: string;
  password: string;
}

export type StaffRole = 'admin' | 'auditor';

type StaffMaker = Pick<RunningProduct, 'tool' | 'profile' | 'stopApi' | 'startApi'>;

/**
 * Makes a staff account with the operator command (`create-admin`), as someone with shell access to the
 * product would: an admin unless `role` says otherwise. Returns what the command printed.
 */
export async function createStaff(product: StaffMaker, staff: StaffAccount, role?: StaffRole): Promise<string> {
  const args = ['create-admin', '--email', staff.email, '--name', staff.name, '--password', staff.password, ...(role ? ['--role', role] : [])];
  if (product.profile === 'services') return product.tool(...args);
  // PGlite allows one process per data folder: on the embedded profile the tool runs while the API is stopped.
  await product.stopApi();
  try {
    return product.tool(...args);
  } finally {
    await product.startApi();
  }
}

/** A new staff account (`createStaff`), signed in over HTTP through the staff sign-in route. */
export async function newStaffSession(product: StaffMaker & Pick<RunningProduct, 'url'>, staff: StaffAccount, options: { role?: StaffRole; userAgent?: string } = {}): Promise<HttpSession> {
  await createStaff(product, staff, options.role);
  return staffSignedIn(product, staff, options.userAgent);
}

/** A staff member signed in over HTTP through the staff sign-in route. */
export async function staffSignedIn(product: Pick<RunningProduct, 'url'>, staff: Pick<StaffAccount, 'email' | 'password'>, userAgent?: string): Promise<HttpSession> {
  const http = new HttpSession(product.url, userAgent ? { 'user-agent': userAgent } : {});
  const res = await http.json('/api/admin/session', { method: 'POST', json: { email: staff.email, password: staff.password } });
  if (res.status !== 200) throw new Error(`staff sign-in of ${staff.email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return http;
}

/** Signs a staff member in through the /admin sign-in screen of `page`, waiting for the Dashboard's welcome. */
export async function signInAtAdmin(page: import('playwright-core').Page, product: Pick<RunningProduct, 'url'>, staff: StaffAccount): Promise<void> {
  await page.goto(`${product.url}/admin/`);
  await page.getByLabel('Email address').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: /secure sign in/i }).click();
  await page.getByText(`Welcome, ${staff.name}`).waitFor();
}
