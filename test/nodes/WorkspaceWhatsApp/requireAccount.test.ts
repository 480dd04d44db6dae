import { requireAccount } from '../../../nodes/shared/messaging/whatsAppAccount';

/** What the user reads when no phone ID is there: the message and the fix, by how it was given. */
const refusal = (phoneId: Parameters<typeof requireAccount>[0]) => {
	try {
		requireAccount(phoneId);
	} catch (error) {
		return [(error as Error).message, (error as { hint: string }).hint];
	}
	return undefined;
};

test('By Phone ID with an expression that gives nothing says so, and where phoneId comes from', () => {
	const [message, hint] = refusal({ id: '', mode: 'id', byExpression: true }) ?? [];
	expect(message).toBe('Account: the expression gave no phone ID');
	expect(hint).toMatch(/incoming message .* has phoneId, a delivery status has none/);
	expect(hint).not.toMatch(/^Choose/);
});

test('By Phone ID left empty, and nothing chosen from the list, each get their own fix', () => {
	expect(refusal({ id: ' ', mode: 'id', byExpression: false })?.[0]).toBe(
		'Account: no phone ID entered',
	);
	expect(refusal({ id: '', mode: 'list', byExpression: false })?.[0]).toBe('Account: none chosen');
	expect(refusal('')?.[0]).toBe('Account: none chosen');
});

test('a phone ID, however given, is sent trimmed', () => {
	expect(requireAccount({ id: ' 104898309288724 ', mode: 'id', byExpression: true })).toBe(
		'104898309288724',
	);
	expect(requireAccount('104898309288724')).toBe('104898309288724');
});
