import { simplifyRecord } from '../../../nodes/shared/simplify';

test('options and statuses become their names, people ID, name and email, companies name and ID', () => {
	const record = {
		_id: 'f1',
		name: 'Ada Lovelace',
		emails: ['ada@example.com'],
		leadScore: 97,
		newsletter: false,
		createdAt: '2026-01-01T00:00:00.000Z',
		source: { _id: 'b2', color: '#a855f7', name: 'Referral', isArchived: false, order: 1 },
		lifecycle: {
			_id: 'c1',
			name: 'Lead',
			color: '#94a3b8',
			order: 0,
			isArchived: false,
			celebrationEnabled: false,
			statusType: 'normal',
			timeInStatus: null,
		},
		owner: { _id: 'e1', name: 'Grace Hopper', avatar: '', email: 'grace@example.com' },
		company: { _id: 'f10', name: 'Analytical Engines', avatar: '' },
		tags: [{ _id: 'b4', name: 'Software', color: '#0ea5e9', isArchived: false, order: 0 }],
		share: [],
		custom: { anything: 'else' },
	};
	expect(simplifyRecord(record)).toEqual({
		_id: 'f1',
		name: 'Ada Lovelace',
		emails: ['ada@example.com'],
		leadScore: 97,
		newsletter: false,
		createdAt: '2026-01-01T00:00:00.000Z',
		source: 'Referral',
		lifecycle: 'Lead',
		owner: { _id: 'e1', name: 'Grace Hopper', email: 'grace@example.com' },
		company: { _id: 'f10', name: 'Analytical Engines' },
		tags: ['Software'],
		share: [],
		custom: { anything: 'else' },
	});
});

test('a list entry loses __v and its two empty links, keeps the one to its record', () => {
	const entry = {
		_id: 'f5',
		listId: 'a1',
		peopleId: 'f0',
		companyId: null,
		dealId: null,
		recordId: 'f0',
		owner: 'e1',
		priority: { _id: 'b9', name: 'High', color: '#ef4444', order: 0, isArchived: false },
		createdAt: '2026-01-01T00:00:00.000Z',
		updatedAt: '2026-01-01T00:00:00.000Z',
		__v: 0,
	};
	expect(simplifyRecord(entry)).toEqual({
		_id: 'f5',
		listId: 'a1',
		peopleId: 'f0',
		recordId: 'f0',
		owner: 'e1',
		priority: 'High',
		createdAt: '2026-01-01T00:00:00.000Z',
		updatedAt: '2026-01-01T00:00:00.000Z',
	});
});
