import { sha256 } from '../shared/memory';
import { sameSecret } from './secretHeader';

/**
 * The trigger's two URLs: incoming messages go to `webhook` (the path it always had, so pasted
 * URLs keep working), checked by the Secret Header; a send's post-back carries no header the
 * vendor documents, so it goes to a URL of its own ending in a token only this trigger knows.
 */
export const INCOMING_PATH = 'webhook';
/** n8n names a node's webhooks from a fixed set ('default', 'setup'): 'setup' is the post-back URL. */
export const POST_BACK_WEBHOOK = 'setup';
export const POST_BACK_PREFIX = 'delivery-status';

/** Kept apart from any other use of the secret, and long enough not to be guessed (128 bits). */
const TOKEN_LABEL = 'workspace-post-back:';
const TOKEN_HEX_DIGITS = 32;

/** The post-back token: derived from Secret Header Value, so it changes when that value does. */
export function postBackToken(secret: string): string {
	return sha256(TOKEN_LABEL + secret, 'hex').slice(0, TOKEN_HEX_DIGITS);
}

/**
 * The same as an n8n expression (its `hash` is SHA-256 of the UTF-8 text, in hex), for the path
 * n8n registers and the URL the editor shows; a unit test holds the two to the same result.
 */
export const POST_BACK_PATH_EXPRESSION = `={{ "${POST_BACK_PREFIX}/" + ("${TOKEN_LABEL}" + ($parameter["headerValue"] || "")).hash("sha256").slice(0, ${TOKEN_HEX_DIGITS}) }}`;

/** The last segment of a request's path, without its query: where the token stands. */
export function lastPathSegment(url: string | undefined): string {
	const segment = (url ?? '').split('?')[0].split('/').filter(Boolean).pop() ?? '';
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/** Whether a post-back came to this trigger's current URL: n8n routes only that path here; checked again. */
export function hasPostBackToken(url: string | undefined, secret: string): boolean {
	if (!secret) return false;
	return sameSecret(lastPathSegment(url), postBackToken(secret));
}
