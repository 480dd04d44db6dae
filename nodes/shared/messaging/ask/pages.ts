import type { Choice } from './question';
import { htmlOf } from './question';

/**
 * The pages the person sees: the message's words and the way to answer, nothing of the
 * workflow. Answering takes a press of a button (a form post): a link preview or a mail
 * scanner that opens the link only reads the page.
 */

/** No script, no outside resource; the form posts back to the page's own (signed) address. */
export const PAGE_POLICY =
	"default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f5f7;color:#1d1d1f;margin:0;padding:24px}
main{max-width:480px;margin:8vh auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 16px}p{line-height:1.5}.error{color:#b42318}
form{display:inline}button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:10px 20px;margin:8px 8px 0 0;cursor:pointer;background:#4f46e5;color:#fff}
button.secondary{background:#e5e7eb;color:#1d1d1f}textarea{box-sizing:border-box;width:100%;min-height:8em;font:inherit;padding:8px}`;

function page(title: string, content: string): string {
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${htmlOf(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${htmlOf(title)}</h1>${content}</main></body></html>`;
}

export interface QuestionView {
	title: string;
	message: string;
	/** Approval: the buttons; free text: none, a text box instead. */
	choices: Choice[];
	/** What was wrong with a post, shown above the form. */
	problem?: string;
}

const choiceForm = ({ label, approved }: Choice) =>
	`<form method="post"><input type="hidden" name="approved" value="${String(approved)}"><button type="submit"${approved ? '' : ' class="secondary"'}>${htmlOf(label)}</button></form>`;

const TEXT_FORM =
	'<form method="post"><textarea name="text" required aria-label="Your answer"></textarea><br><button type="submit">Send</button></form>';

export function questionPage({ title, message, choices, problem }: QuestionView): string {
	const answer = choices.length ? choices.map(choiceForm).join('') : TEXT_FORM;
	const said = problem ? `<p class="error">${htmlOf(problem)}</p>` : '';
	return page(title, `<p>${htmlOf(message)}</p>${said}${answer}`);
}

export const ANSWERED_PAGE = page(
	'Got it, thanks',
	'<p>Your answer is recorded. This page can be closed now.</p>',
);
