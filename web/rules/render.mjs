// Renders the rules pages, /rules/LANG.html, from the outline (rules/points.json: sections, points, article
// numbers) and each language's words (rules/LANG.json), with the language's name and the editions' titles
// from its message catalogue (i18n/LANG.json). Plain HTML, no script: readable anywhere, and each point has
// an id the game's result links to (the server's termination code for results).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RULES_LANGUAGES = ['en', 'pl', 'lv', 'bg', 'uk', 'ru', 'de'];
const EDITIONS = ['fide-2018', 'fide-2014', 'fide-2009', 'fide-2005', 'fide-2001'];

const escape = text =>
  String(text).replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const fill = (template, params) => template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? params[name] : whole));

/** The HTML of one language's page; throws when the language's file lacks a word the outline needs. */
export function renderRulesPage(web, lang, cssHref) {
  const outline = JSON.parse(readFileSync(join(web, 'rules/points.json'), 'utf8'));
  const words = JSON.parse(readFileSync(join(web, `rules/${lang}.json`), 'utf8'));
  const catalogue = JSON.parse(readFileSync(join(web, `i18n/${lang}.json`), 'utf8'));
  const need = (value, what) => {
    if (typeof value !== 'string' || value === '') throw new Error(`rules/${lang}.json: no ${what}`);
    return value;
  };
  const year = edition => edition.slice(5);
  const body = [];
  for (const section of outline.sections) {
    body.push(`<h2 id="section-${section.id}">${escape(need(words.sections?.[section.id], `sections.${section.id}`))}</h2>`);
    for (const point of section.points) {
      const text = words.points?.[point.id] ?? {};
      let art = '';
      if (point.editions) art = `${fill(need(words.art, 'art'), { art: point.editions['fide-2018'] })} (2018)`;
      else if (point.art) art = `${fill(need(words.art, 'art'), { art: point.art })} (2014)`;
      const heading = `<h3>${art ? `<span class="art">${escape(art)}</span>` : ''}${escape(need(text.title, `points.${point.id}.title`))}</h3>`;
      const parts = [heading, `<p>${escape(need(text.text, `points.${point.id}.text`))}</p>`];
      if (point.editions) {
        const list = EDITIONS.map(e => {
          const number = point.editions[e];
          const title = catalogue[`edition.${e}`] ?? year(e);
          return `<span title="${escape(title)}">${year(e)}: ${escape(number === '-' ? need(words.notInEdition, 'notInEdition') : number)}</span>`;
        });
        parts.push(`<p class="editions">${escape(need(words.editionsLabel, 'editionsLabel'))}: ${list.join(' · ')}</p>`);
      }
      body.push(`<section class="point" id="${point.id}">${parts.join('')}</section>`);
    }
  }
  const others = RULES_LANGUAGES.filter(l => l !== lang).map(l => {
    const name = JSON.parse(readFileSync(join(web, `i18n/${l}.json`), 'utf8'))['lang.name'] ?? l;
    return `<a href="/rules/${l}.html" lang="${l}" hreflang="${l}">${escape(name)}</a>`;
  });
  const title = need(words.title, 'title');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · tabiya</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${cssHref}">
</head>
<body>
<header class="top"><a class="brand" href="/?lang=${lang}">tabiya</a><a class="btn" href="/?lang=${lang}">${escape(need(words.back, 'back'))}</a></header>
<main class="rules-page">
<h1>${escape(title)}</h1>
<p>${escape(need(words.intro, 'intro'))}</p>
<p>${escape(need(words.numbers, 'numbers'))}</p>
<nav class="langs" aria-label="${escape(need(words.otherLanguages, 'otherLanguages'))}">${others.join('')}</nav>
${body.join('\n')}
</main>
</body>
</html>
`;
}

/** Writes dist/rules/LANG.html for every language; returns how many. */
export function writeRulesPages(web, dist, cssHref) {
  mkdirSync(join(dist, 'rules'), { recursive: true });
  for (const lang of RULES_LANGUAGES) writeFileSync(join(dist, 'rules', `${lang}.html`), renderRulesPage(web, lang, cssHref));
  return RULES_LANGUAGES.length;
}
