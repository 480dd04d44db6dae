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

/**
 * A press of the page's button: `fields` posted as its form posts them, urlencoded unless the
 * form says multipart/form-data (as n8n 2.41 wants a custom form's post).
 */
export function submitOnPage(link, html, fields) {
	if (!/<form method="post"[^>]* enctype="multipart\/form-data"/.test(html))
		return pressOnPage(link, fields);
	const body = new FormData();
	for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields))
		body.append(name, value);
	return openLink(link, { method: 'POST', body });
}
