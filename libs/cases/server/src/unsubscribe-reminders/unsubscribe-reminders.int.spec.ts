import { hashToken, newLinkToken } from '../link-tokens';
import { answerHeaders, memoriesSuite } from '../memory-commands/memories-side.testing';
import { REMINDER_LINK_NOT_FOUND, UnsubscribeRemindersController } from './unsubscribe-reminders.http.controller';

describe("the reminder e-mail's stop link", () => {
  const { side, route, ann } = memoriesSuite({ route: (s) => new UnsubscribeRemindersController(s.db.sql) });
  /** The link as it arrives, without a session: only the token in its query. */
  const link = (token: string) => ({ token });
  /** A day's e-mail to `userId` that spoke of `caseIds`; its stop link's token. */
  const emailed = async (userId: string, day: string, caseIds: string[]) => {
    const token = newLinkToken(24);
    await side().db.sql.query('INSERT INTO reminder_digests (user_id, day, case_ids, claimed_at, unsubscribe_hash) VALUES ($1, $2, $3, now(), $4)', [
      userId,
      day,
      caseIds,
      hashToken(token),
    ]);
    return token;
  };
  const optedOut = async () => (await side().db.sql.query<{ case_id: string }>('SELECT case_id FROM reminder_optouts WHERE user_id = $1', [ann])).rows.map((r) => r.case_id).sort();

  it('shows what the button will do and changes nothing; the button stops every memory the e-mail spoke of, for that person', async () => {
    const mum = await side().open(ann, 'Mum');
    const dad = await side().open(ann, 'Dad');
    const token = await emailed(ann, '2026-03-12', [mum, dad]);
    const { reply, headers } = answerHeaders();
    const page = await route().confirm(link(token), reply);
    expect(headers).toEqual({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    expect(page).toContain('You will no longer get reminder e-mails about deadlines in &quot;Dad&quot; and &quot;Mum&quot;.');
    expect(page).toContain(`<form method="post" action="/api/reminders/unsubscribe?token=${token}">`);
    expect(page).toContain('Stop reminders for these memories');
    expect(await optedOut()).toEqual([]);

    const stopped = answerHeaders();
    expect(await route().stop(link(token), stopped.reply)).toContain('You will not get any more reminder e-mails about &quot;Dad&quot; and &quot;Mum&quot;.');
    expect(stopped.headers).toEqual({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    expect(await optedOut()).toEqual([mum, dad].sort());
    // Followed again, the link says it is done already, with no button.
    const again = await route().confirm(link(token), answerHeaders().reply);
    expect(again).toContain('<h1 style="font-size:24px;margin:0 0 16px">Reminders stopped</h1>');
    expect(again).not.toContain('<form');
  });

  it('answers 404 in words for a made-up token and for one whose memories were all deleted since; a malformed one is refused', async () => {
    const notFound = { status: 404, code: REMINDER_LINK_NOT_FOUND, message: 'This link is not valid, or the memory it was for has been deleted.' };
    const refused = answerHeaders();
    await expect(route().confirm(link(newLinkToken(24)), refused.reply)).rejects.toMatchObject(notFound);
    // The page's headers are not left on the problem detail.
    expect(refused.headers).toEqual({});
    const gran = await side().open(ann, 'Gran');
    const token = await emailed(ann, '2026-03-13', [gran]);
    await side().run(ann, gran, { type: 'DeleteCase' });
    await expect(route().stop(link(token), answerHeaders().reply)).rejects.toMatchObject(notFound);
    await expect(route().confirm(link('short'), answerHeaders().reply)).rejects.toMatchObject({ issues: [{ message: 'This link is not valid.' }] });
  });
});
