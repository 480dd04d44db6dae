import { Expiring } from '../../../../nodes/shared/memory/expiring';
import { useVirtualClock } from '../../../harness/virtualClock';

const time = useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));
const bytes = (value: string) => 200 + value.length;

test('over its size, values are first made smaller, oldest first', () => {
	const store = new Expiring<string>({
		ttlMs: 60_000,
		maxSize: 3 * 200 + 1_500,
		sizeOf: bytes,
		shrink: (value) => (value.length > 10 ? 'forgotten' : undefined),
	});
	store.set('a', 'x'.repeat(1_000));
	store.set('b', 'y'.repeat(1_000));
	store.set('c', 'unknown');
	expect([store.get('a'), store.get('b')?.length, store.get('c')]).toEqual([
		'forgotten',
		1_000,
		'unknown',
	]);
	expect(store.size.total).toBeLessThanOrEqual(3 * 200 + 1_500);
});

test('past that, whole entries go, oldest first, each told', () => {
	const evicted: string[] = [];
	const store = new Expiring<string>({
		ttlMs: 60_000,
		maxSize: 2 * 200,
		sizeOf: bytes,
		onEvict: (key) => evicted.push(key),
	});
	for (const key of ['a', 'b', 'c']) store.set(key, '');
	expect([store.get('a'), store.size.entries, evicted]).toEqual([undefined, 2, ['a']]);
});

test('entries are swept by age, on a write', () => {
	const store = new Expiring<string>({ ttlMs: 60_000, maxSize: 100 });
	store.set('old', 'x');
	time.tick(60_001);
	store.set('new', 'y');
	expect([store.get('old'), store.get('new'), store.size.entries]).toEqual([undefined, 'y', 1]);
});

test('an expired entry is not read, with no write in between', () => {
	const store = new Expiring<string>({ ttlMs: 60_000, maxSize: 100 });
	store.set('old', 'x');
	time.tick(59_999);
	expect(store.get('old')).toBe('x');
	time.tick(1);
	expect([store.get('old'), store.keys()]).toEqual([undefined, []]);
});

test('a value set again is kept from then, and forgotten last', () => {
	const store = new Expiring<string>({ ttlMs: 60_000, maxSize: 2 });
	store.set('a', 'x');
	time.tick(30_000);
	store.set('b', 'y');
	store.set('a', 'x again');
	store.set('c', 'z');
	time.tick(45_000);
	expect(store.keys()).toEqual(['a', 'c']);
});
