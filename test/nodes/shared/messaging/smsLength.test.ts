import { MAX_SMS_SEGMENTS, smsLength } from '../../../../nodes/shared/messaging/smsLength';

describe('GSM-7: 160 in one segment, 153 a segment when split', () => {
	test.each([
		[0, 1],
		[1, 1],
		[160, 1],
		[161, 2],
		[306, 2],
		[307, 3],
		[1530, MAX_SMS_SEGMENTS],
		[1531, MAX_SMS_SEGMENTS + 1],
	])('%i characters: %i segment(s)', (length, segments) => {
		expect(smsLength('a'.repeat(length))).toEqual({ encoding: 'GSM-7', units: length, segments });
	});

	test("the GSM alphabet's own letters and signs stay GSM-7, one septet each", () => {
		const text = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./09:;<=>?¡AZÄÖÑÜ§¿azäöñüà';
		expect(smsLength(text)).toEqual({ encoding: 'GSM-7', units: [...text].length, segments: 1 });
	});

	test.each(['^', '{', '}', '\\', '[', '~', ']', '|', '€', '\f'])(
		'the extension character %j counts 2',
		(character) => {
			expect(smsLength(character)).toEqual({ encoding: 'GSM-7', units: 2, segments: 1 });
		},
	);

	test('extension characters move the boundaries: 80 € fill one segment, 81 make two', () => {
		expect(smsLength('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
		expect(smsLength('€'.repeat(81))).toEqual({ encoding: 'GSM-7', units: 162, segments: 2 });
		expect(smsLength(`${'a'.repeat(159)}€`).segments).toBe(2);
	});
});

describe('UCS-2: any other character, 70 in one segment, 67 a segment when split', () => {
	// ł is not in the GSM alphabet: the whole text goes as UCS-2.
	test.each([
		[1, 1],
		[70, 1],
		[71, 2],
		[134, 2],
		[135, 3],
	])('%i characters: %i segment(s)', (length, segments) => {
		expect(smsLength('ł'.repeat(length))).toEqual({ encoding: 'UCS-2', units: length, segments });
	});

	test('one such character makes the whole text UCS-2, GSM letters included', () => {
		expect(smsLength(`${'a'.repeat(69)}ł`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
		expect(smsLength(`${'a'.repeat(100)}ł`)).toEqual({
			encoding: 'UCS-2',
			units: 101,
			segments: 2,
		});
	});

	test('an extension character counts 1 once the text is UCS-2', () => {
		expect(smsLength('ł€€')).toEqual({ encoding: 'UCS-2', units: 3, segments: 1 });
	});

	test('an emoji is 2 UTF-16 units: 35 fill one segment, 36 make two', () => {
		expect(smsLength('👍')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1 });
		expect(smsLength('👍'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
		expect(smsLength('👍'.repeat(36))).toEqual({ encoding: 'UCS-2', units: 72, segments: 2 });
	});
});
