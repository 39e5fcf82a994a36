import { ADMIN_ROLES, BulkListingRequestSchema, ReasonSchema, STAFF_ACTIONS, staffMay } from './admin';

const ID = '00000000-0000-4000-8000-000000000001';

describe('staffMay: who may do what in the back office', () => {
  it('lets an admin read and change, an auditor only read', () => {
    const table = Object.fromEntries(ADMIN_ROLES.map((role) => [role, STAFF_ACTIONS.filter((a) => staffMay(role, a))]));
    expect(table).toEqual({ admin: ['read', 'change'], auditor: ['read'] });
  });

  it('treats a role it does not know as the least privileged one', () => {
    expect(['owner', '', 'Admin'].map((role) => [staffMay(role, 'read'), staffMay(role, 'change')])).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
  });
});

describe('a bulk suspend needs the reason a single suspend needs', () => {
  const suspend = (extra: object) => BulkListingRequestSchema.safeParse({ action: 'status', ids: [ID], status: 'Suspended', ...extra });
  const messages = (result: ReturnType<typeof suspend>) => result.error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('refuses it without a reason, or with only spaces, in the single suspend’s words', () => {
    const single = ReasonSchema.safeParse({}).error?.issues[0]?.message;
    expect(single).toBe('A reason is required');
    expect(messages(suspend({}))).toEqual([['reason', single]]);
    expect(messages(suspend({ reason: '   ' }))).toEqual([['reason', single]]);
    expect(messages(suspend({ reason: 'x'.repeat(501) }))).toEqual([['reason', 'Reason must be 500 characters or fewer']]);
  });

  it('takes a trimmed reason, and other statuses need none', () => {
    expect(suspend({ reason: ' Complaint ' }).data).toMatchObject({ reason: 'Complaint' });
    expect(BulkListingRequestSchema.safeParse({ action: 'status', ids: [ID], status: 'Inactive' }).success).toBe(true);
  });
});
