package lessons

// pageCSS styles exported pages. System fonts only: a page must look right
// offline, with nothing fetched.
const pageCSS = `
:root {
  --ink: #1f2328; --muted: #59636e; --rule: #d1d9e0; --paper: #ffffff;
  --cmd-bg: #0d1b2a; --cmd-ink: #e6edf3; --prompt: #7ee787; --comment: #8b949e;
  --out-bg: #f6f8fa; --accent: #0969da; --quiz: #9a6700; --quiz-bg: #fff8c5;
}
* { box-sizing: border-box; }
html { font-size: 17px; }
body {
  margin: 0 auto; max-width: 60rem; padding: 1.5rem 1.25rem 3rem;
  color: var(--ink); background: var(--paper);
  font-family: Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif;
  line-height: 1.6;
}
h1, h2, h3, h4, nav, .kicker, .cell-label, .meta, footer, figcaption, summary, table {
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
h1 { font-size: 2.1rem; line-height: 1.2; margin: 0.2rem 0 0.6rem; }
h2 { font-size: 1.45rem; margin-top: 2.4rem; border-bottom: 1px solid var(--rule); padding-bottom: 0.2rem; }
h3 { font-size: 1.15rem; margin-top: 1.8rem; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
nav.top { font-size: 0.9rem; margin-bottom: 1.5rem; color: var(--muted); }
header { border-bottom: 2px solid var(--ink); margin-bottom: 1.5rem; padding-bottom: 0.8rem; }
.kicker { text-transform: uppercase; letter-spacing: 0.06em; font-size: 0.78rem; color: var(--muted); margin: 0; }
.summary { font-size: 1.15rem; color: var(--muted); margin: 0; font-style: italic; }
section.problems { border: 2px solid #cf222e; border-radius: 6px; padding: 0.6rem 1rem; margin: 1rem 0 1.5rem; background: #fff5f5; }
section.problems h2 { font-size: 1.05rem; margin: 0.2rem 0 0.5rem; color: #a40e26; }
section.problems code { white-space: pre-wrap; word-break: break-word; }
.params { margin: 0.5rem 0 0; font-size: 0.9rem; color: var(--muted); }
code, pre, .url {
  font-family: ui-monospace, "SF Mono", "Cascadia Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace;
}
code { font-size: 0.88em; background: var(--out-bg); padding: 0.1em 0.3em; border-radius: 4px; }
pre { font-size: 0.8rem; line-height: 1.45; overflow-x: auto; margin: 0; padding: 0.7rem 0.9rem; }
pre code { background: none; padding: 0; font-size: inherit; }
pre.code { background: var(--out-bg); border: 1px solid var(--rule); border-radius: 6px; margin: 1rem 0; }
.cell { margin: 1.6rem 0; border: 1px solid var(--rule); border-radius: 8px; overflow: hidden; background: var(--paper); }
.cell-label { font-size: 0.72rem; text-transform: uppercase; letter-spacing: 0.08em; color: var(--muted); padding: 0.35rem 0.9rem; background: var(--out-bg); border-bottom: 1px solid var(--rule); }
pre.cmd { background: var(--cmd-bg); color: var(--cmd-ink); white-space: pre-wrap; word-break: break-word; }
pre.cmd .prompt { color: var(--prompt); user-select: none; }
pre.cmd .comment { color: var(--comment); }
pre.out { background: var(--out-bg); color: var(--ink); border-top: 1px solid var(--rule); }
.out-label { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.75rem; color: var(--muted); padding: 0.4rem 0.9rem 0; background: var(--out-bg); border-top: 1px solid var(--rule); }
.table-scroll {
  overflow-x: auto; border-top: 1px solid var(--rule); scrollbar-width: thin;
  /* A shadow at an edge where columns are hidden: the table goes on. */
  background:
    linear-gradient(to left, var(--out-bg) 40%, rgba(246,248,250,0)) right center / 3rem 100% no-repeat local,
    radial-gradient(farthest-side at 100% 50%, rgba(31,35,40,0.28), rgba(31,35,40,0)) right center / 1rem 100% no-repeat scroll,
    var(--out-bg);
}
table.out-table {
  border-collapse: separate; border-spacing: 0; margin: 0; white-space: nowrap; font-size: 0.8rem; line-height: 1.45;
  font-family: ui-monospace, "SF Mono", "Cascadia Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace;
}
table.out-table th, table.out-table td { border: 0; padding: 0.12rem 0.55rem; background: transparent; text-align: left; }
table.out-table thead th { border-bottom: 1px solid var(--rule); font-weight: 600; }
table.out-table .num { text-align: right; font-variant-numeric: tabular-nums; }
table.out-table tr > :first-child { position: sticky; left: 0; z-index: 1; background: var(--out-bg); box-shadow: inset -1px 0 0 var(--rule); padding-left: 0.9rem; }
table.out-table tr > :last-child { padding-right: 0.9rem; }
table.out-table tbody tr:hover td { background: #eaeef2; }
table.out-table caption { caption-side: top; text-align: left; font-weight: 600; padding: 0.45rem 0.9rem 0.2rem; position: sticky; left: 0; }
table.out-table .good { color: #116329; }
table.out-table .bad { color: #a40e26; }
table.out-table .dim { color: var(--muted); }
table.out-table .bold { font-weight: 600; }
table.out-table .accent { color: #0a5d75; }
table.out-table .warn { color: #7d4e00; }
.out-notes { background: var(--out-bg); padding: 0.3rem 0.9rem 0.6rem; font-family: ui-monospace, "SF Mono", "Cascadia Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.78rem; color: var(--muted); }
.out-notes p { margin: 0.1rem 0; }
figure { margin: 0; padding: 1rem; text-align: center; border-top: 1px solid var(--rule); background: #fff; }
figure svg, figure img, .picture svg { max-width: 100%; height: auto; }
figure svg { max-height: 70vh; }
figcaption { font-size: 0.78rem; color: var(--muted); margin-top: 0.4rem; word-break: break-all; }
.predict { margin: 0; padding: 0.7rem 0.9rem; background: var(--quiz-bg); color: var(--ink); border-bottom: 1px solid var(--rule); }
.predict strong { color: var(--quiz); }
details.reveal > summary { cursor: pointer; padding: 0.55rem 0.9rem; color: var(--accent); font-size: 0.9rem; border-top: 1px solid var(--rule); }
details.reveal[open] > summary { background: var(--out-bg); }
.answer { margin: 0; padding: 0.7rem 0.9rem; border-top: 1px solid var(--rule); background: var(--quiz-bg); }
.cite { font-style: italic; }
.url { font-size: 0.8em; color: var(--muted); word-break: break-all; }
table { border-collapse: collapse; margin: 1rem 0; font-size: 0.92rem; }
th, td { border: 1px solid var(--rule); padding: 0.3rem 0.6rem; text-align: left; }
th { background: var(--out-bg); }
blockquote { margin: 1rem 0; padding: 0.2rem 1rem; border-left: 4px solid var(--rule); color: var(--muted); }
ol.lessons { list-style: none; padding: 0; }
ol.lessons li { border: 1px solid var(--rule); border-radius: 8px; padding: 0.8rem 1rem; margin: 0.8rem 0; }
ol.lessons li p { margin: 0.3rem 0 0; }
ol.lessons .num { display: inline-block; min-width: 1.6rem; font-weight: 700; color: var(--muted); }
ol.lessons .title { font-size: 1.15rem; font-weight: 600; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
.meta { font-size: 0.8rem; color: var(--muted); }
footer { margin-top: 3rem; padding-top: 1rem; border-top: 1px solid var(--rule); font-size: 0.85rem; color: var(--muted); }
@media print {
  details.reveal { display: block; }
  .cell { break-inside: avoid; }
  nav { display: none; }
}
`

// PageStyle is the stylesheet of exported pages, for pages drawn elsewhere
// (the notebook server's scratch page) to look the same.
func PageStyle() string { return pageCSS }
