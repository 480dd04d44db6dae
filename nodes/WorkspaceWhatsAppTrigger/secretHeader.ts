import { timingSafeEqual } from 'crypto';
import type { IWebhookFunctions } from 'n8n-workflow';

import { sha256 } from '../shared/memory';

export type SecretCheck = 'accepted' | 'missing' | 'wrong';

/** Compared as digests in constant time: how much of a guess was right must not show in the time taken. */
export const sameSecret = (received: string, expected: string) =>
	timingSafeEqual(Buffer.from(sha256(received)), Buffer.from(sha256(expected)));

/** Whether a request carries the secret header set both in the workspace webhook and in this node. */
export function checkSecretHeader(
	headers: ReturnType<IWebhookFunctions['getHeaderData']>,
	name: string,
	expected: string,
): SecretCheck {
	const received = headers[name.trim().toLowerCase()];
	const value = Array.isArray(received) ? received[0] : received;
	if (value === undefined || value === '') return 'missing';
	return expected !== '' && sameSecret(value, expected) ? 'accepted' : 'wrong';
}
