// The person who answers a Workspace Send and Wait question: opens its link and presses a
// button (or sends a text) on the page, as a browser posts the page's form. Used by the e2e
// cases, the queue suite and the demo.

/** A link to n8n's waiting address of an execution and node, as the question carries it. */
export const WAITING_LINK = /https?:\/\/[^\s"<>]+\/webhook-waiting\/[^\s"<>]+/g;

/** The links in a text or an email's HTML (its `&amp;` read back as `&`). */
export const waitingLinksIn = (text) =>
	(String(text).match(WAITING_LINK) ?? []).map((link) => link.replace(/&amp;/g, '&'));

/** Opens the link: its status, its page, its headers. */
export async function openLink(link, init = {}) {
	const response = await fetch(link, { redirect: 'manual', ...init });
	return { status: response.status, html: await response.text(), headers: response.headers };
}

/** Presses a button of the page (`{ approved: 'true' }`) or sends a text (`{ text }`). */
export const pressOnPage = (link, fields) =>
	openLink(link, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(fields).toString(),
	});
