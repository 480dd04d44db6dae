/** What the pages and emails show of what was typed: escaped, never markup. */

export const escapeHtml = (text: string) =>
	text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#39;');

/** The message as HTML: its words, escaped, line by line. */
export const htmlOf = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');
