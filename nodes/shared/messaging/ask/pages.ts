import type { IDataObject } from 'n8n-workflow';

import { formFieldsHtml } from './form';
import type { Choice, Question } from './question';
import { escapeHtml, htmlOf } from './html';
import { DEFAULT_LABELS } from './question';

/**
 * The pages the person sees: the message's words and the way to answer, nothing of the workflow.
 * Answering takes a button's post, so a link preview or mail scanner only reads the page.
 */

/** No script, no outside resource; the form posts back to the page's own (signed) address. */
export const PAGE_POLICY =
	"default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f5f7;color:#1d1d1f;margin:0;padding:24px}
main{max-width:480px;margin:8vh auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 16px}p{line-height:1.5}.error{color:#b42318}
form{display:inline}button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:10px 20px;margin:8px 8px 0 0;cursor:pointer;background:#4f46e5;color:#fff}
button.secondary{background:#e5e7eb;color:#1d1d1f}textarea{box-sizing:border-box;width:100%;min-height:8em;font:inherit;padding:8px}
label{display:block;margin:14px 0 4px;font-weight:600}input,select{box-sizing:border-box;width:100%;font:inherit;padding:8px}input[type=checkbox],input[type=radio]{width:auto;margin-right:6px}`;

function page(title: string, content: string): string {
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${htmlOf(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${htmlOf(title)}</h1>${content}</main></body></html>`;
}

export interface QuestionView {
	title: string;
	question: Pick<Question, 'message' | 'responseType' | 'form' | 'fields'>;
	/** Approval: the buttons offered (an email button's page: its own alone). */
	choices: Choice[];
	/** What was wrong with a post, shown above the form. */
	problem?: string;
	/** That post: its values stay in the form. */
	post?: IDataObject;
}

const choiceForm = ({ label, approved }: Choice) =>
	`<form method="post"><input type="hidden" name="approved" value="${String(approved)}"><button type="submit"${approved ? '' : ' class="secondary"'}>${htmlOf(label)}</button></form>`;

/** A form's post is multipart, as n8n's own forms post: n8n 2.41 refuses any other for a custom form. */
const FORM = '<form method="post" enctype="multipart/form-data">';

const submitButton = (label: string) => `<button type="submit">${htmlOf(label)}</button>`;

function answerForm({ question, choices, post }: QuestionView): string {
	const button = submitButton(question.form?.buttonLabel ?? DEFAULT_LABELS.submit);
	if (question.responseType === 'approval') return choices.map(choiceForm).join('');
	if (question.responseType === 'customForm')
		return `${FORM}${formFieldsHtml(question.fields ?? [], post)}${button}</form>`;
	const text = typeof post?.text === 'string' ? escapeHtml(post.text) : '';
	return `${FORM}<textarea name="text" required aria-label="Your answer">${text}</textarea><br>${button}</form>`;
}

export function questionPage(view: QuestionView): string {
	const words = view.question.form?.description ?? view.question.message;
	const said = view.problem ? `<p class="error">${htmlOf(view.problem)}</p>` : '';
	return page(view.title, `<p>${htmlOf(words)}</p>${said}${answerForm(view)}`);
}

/** A page of a node whose question cannot be read now (an expression no longer resolves). */
export const UNAVAILABLE_PAGE = page('Not available', '<p>This question cannot be shown now.</p>');

export const ANSWERED_PAGE = page(
	'Got it, thanks',
	'<p>Your answer is recorded. This page can be closed now.</p>',
);
