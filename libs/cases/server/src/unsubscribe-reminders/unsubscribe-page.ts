// The small pages the e-mail's stop link opens, without signing in. Written here rather than in a web app:
// two static messages and one button, served whatever state the person's browser is in.
const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} – Afterwards</title></head>
<body style="margin:0;padding:0 16px;background:#f5f3ef;font-family:Georgia,'Times New Roman',serif;color:#1f2937">
<main style="max-width:560px;margin:40px auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#334155">Afterwards</p>
<h1 style="font-size:24px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** '"Mum"', '"Mum" and "Dad"', '"Mum", "Dad" and "Gran"'. */
function quoted(names: readonly string[]): string {
  const q = names.map((n) => `"${n}"`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q.at(-1)}`;
}

const p = (text: string) => `<p style="font-size:16px;line-height:1.6">${escapeHtml(text)}</p>`;

/** The link's page: says what the button does; only the button (a POST) changes anything, so mail scanners that open links stop nothing. */
export function confirmPage(memoryNames: readonly string[], formAction: string, alreadyOff: boolean): string {
  if (alreadyOff) return stoppedPage(memoryNames);
  return page(
    'Stop reminder e-mails?',
    `${p(`You will no longer get reminder e-mails about deadlines in ${quoted(memoryNames)}. Your checklist stays as it is.`)}
<form method="post" action="${escapeHtml(formAction)}">
<button type="submit" style="font:inherit;font-size:16px;background:#4f6d7a;color:#fff;border:0;border-radius:8px;padding:12px 20px;cursor:pointer">Stop reminders for ${memoryNames.length > 1 ? 'these memories' : 'this memory'}</button>
</form>
${p('Changed your mind? Close this page and nothing changes.')}`,
  );
}

export function stoppedPage(memoryNames: readonly string[]): string {
  return page(
    'Reminders stopped',
    `${p(`You will not get any more reminder e-mails about ${quoted(memoryNames)}.`)}
${p("You can turn them on again on each memory's Tasks tab after signing in, and turn all reminder e-mails off with Email Notifications in Settings.")}`,
  );
}
