/**
 * How many SMS segments a text costs (GSM 03.38): up to 160 characters of the GSM alphabet in
 * one, 153 a segment when split; any other character makes the whole text UCS-2, 70 in one and
 * 67 a segment when split. The vendor documents no limit; ours is `MAX_SMS_SEGMENTS`.
 */

const GSM_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Sent as two characters: an escape, then the character. */
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** More segments than most carriers join into one message. */
export const MAX_SMS_SEGMENTS = 10;

export interface SmsLength {
	encoding: 'GSM-7' | 'UCS-2';
	/** In the encoding's units: GSM-7 septets, or UTF-16 code units. */
	units: number;
	segments: number;
}

export function smsLength(text: string): SmsLength {
	let septets = 0;
	for (const character of text) {
		if (GSM_BASIC.includes(character)) septets += 1;
		else if (GSM_EXTENDED.includes(character)) septets += 2;
		else {
			const units = text.length;
			return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
		}
	}
	return {
		encoding: 'GSM-7',
		units: septets,
		segments: septets <= 160 ? 1 : Math.ceil(septets / 153),
	};
}
