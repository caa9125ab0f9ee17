// The built page's stylesheets moved ahead of its entry script (vite.config.ts's
// stylesheetBeforeEntry; why is said there).

/** `html` with its `<link rel="stylesheet">` lines moved just before its module script's line. */
export function stylesheetsBeforeEntry(html: string): string {
  const entry = /^[ \t]*<script type="module"[^>]*><\/script>\n/m.exec(html);
  if (!entry) return html;
  const sheets = [...html.matchAll(/^[ \t]*<link rel="stylesheet"[^>]*>\n/gm)].map((m) => m[0]);
  const after = sheets.filter((sheet) => html.indexOf(sheet) > entry.index);
  if (after.length === 0) return html;
  let rest = html;
  for (const sheet of after) rest = rest.replace(sheet, '');
  return rest.replace(entry[0], after.join('') + entry[0]);
}
