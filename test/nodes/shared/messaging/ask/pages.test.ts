import {
	ANSWERED_PAGE,
	PAGE_POLICY,
	questionPage,
} from '../../../../../nodes/shared/messaging/ask/pages';
import type { Choice } from '../../../../../nodes/shared/messaging/ask/question';

/** The page of an approval (choices given) or a free text answer (none), in the old words. */
const view = ({
	message,
	...rest
}: {
	title: string;
	message: string;
	choices: Choice[];
	problem?: string;
}) => ({
	...rest,
	question: {
		message,
		responseType: rest.choices.length ? ('approval' as const) : ('freeText' as const),
	},
});

const YES_NO = [
	{ label: 'Yes', approved: true },
	{ label: 'No', approved: false },
];

describe('the page a link opens', () => {
	test('its title and the message, escaped', () => {
		const html = questionPage(
			view({
				title: 'Order <42> & "you"',
				message: `Tom's <img src=x onerror=alert(1)>\nsecond line`,
				choices: YES_NO,
			}),
		);
		expect(html).toContain('<title>Order &lt;42&gt; &amp; &quot;you&quot;</title>');
		expect(html).toContain('<h1>Order &lt;42&gt; &amp; &quot;you&quot;</h1>');
		expect(html).toContain('<p>Tom&#39;s &lt;img src=x onerror=alert(1)&gt;<br>second line</p>');
		expect(html).not.toContain('<img');
	});

	test('no script and nothing from elsewhere; the policy forbids both', () => {
		const pages = [
			questionPage(view({ title: 'T', message: '<script>x</script>', choices: YES_NO })),
			questionPage(view({ title: 'T', message: 'M', choices: [] })),
			ANSWERED_PAGE,
		];
		for (const html of pages) {
			expect(html).not.toMatch(/<script|<link|<iframe|src=|https?:/i);
			expect(html).toMatch(/^<!doctype html>/);
			expect(html).toContain('<meta name="robots" content="noindex">');
		}
		expect(PAGE_POLICY).toMatch(/^default-src 'none';/);
		expect(PAGE_POLICY).toContain("form-action 'self'");
		expect(PAGE_POLICY).toContain("frame-ancestors 'none'");
		expect(PAGE_POLICY).not.toContain('script-src');
	});

	test('approval: one form per choice, posting its own value to the page itself', () => {
		const html = questionPage(view({ title: 'T', message: 'M', choices: YES_NO }));
		expect(html).toContain(
			'<form method="post"><input type="hidden" name="approved" value="true"><button type="submit">Yes</button></form>' +
				'<form method="post"><input type="hidden" name="approved" value="false"><button type="submit" class="secondary">No</button></form>',
		);
		expect(html).not.toContain('action=');
		expect(html).not.toContain('<textarea');
	});

	test("an email button's page: its own choice alone", () => {
		const html = questionPage(view({ title: 'T', message: 'M', choices: [YES_NO[1]] }));
		expect(html.match(/<form /g)).toHaveLength(1);
		expect(html).toContain('value="false"');
		expect(html).not.toContain('value="true"');
	});

	test('a label is escaped on its button', () => {
		const html = questionPage(
			view({
				title: 'T',
				message: 'M',
				choices: [{ label: '<b>Yes</b> & go', approved: true }],
			}),
		);
		expect(html).toContain('>&lt;b&gt;Yes&lt;/b&gt; &amp; go</button>');
	});

	test('free text: a required text box and a Submit button', () => {
		const html = questionPage(view({ title: 'Your answer', message: 'Any notes?', choices: [] }));
		expect(html).toContain(
			'<form method="post" enctype="multipart/form-data"><textarea name="text" required aria-label="Your answer"></textarea><br><button type="submit">Submit</button></form>',
		);
		expect(html).not.toContain('name="approved"');
	});

	test('what was wrong with a post, above the form, escaped', () => {
		const html = questionPage(
			view({
				title: 'T',
				message: 'M',
				choices: YES_NO,
				problem: 'Press one of the <buttons>.',
			}),
		);
		expect(html).toContain('<p>M</p><p class="error">Press one of the &lt;buttons&gt;.</p><form');
		expect(questionPage(view({ title: 'T', message: 'M', choices: YES_NO }))).not.toContain(
			'class="error"',
		);
	});

	test("a form's page: its own description and button; a post's text kept, escaped", () => {
		const html = questionPage({
			title: 'T',
			question: {
				message: 'M',
				responseType: 'freeText',
				form: { title: '', description: 'Tell us <when>', buttonLabel: 'Done & go' },
			},
			choices: [],
			problem: 'Write your answer.',
			post: { text: 'line 1\n</textarea><b>' },
		});
		expect(html).toContain('<p>Tell us &lt;when&gt;</p>');
		expect(html).not.toContain('<p>M</p>');
		expect(html).toContain('>line 1\n&lt;/textarea&gt;&lt;b&gt;</textarea>');
		expect(html).toContain('<button type="submit">Done &amp; go</button>');
	});

	test('custom form: its fields inside the one form, then the button', () => {
		const html = questionPage({
			title: 'T',
			question: {
				message: 'M',
				responseType: 'customForm',
				form: { title: '', description: 'M', buttonLabel: 'Submit' },
				fields: [
					{
						label: 'Day',
						type: 'date',
						required: true,
						placeholder: '',
						options: [],
						multiselect: false,
					},
				],
			},
			choices: [],
		});
		expect(html).toMatch(
			/<form method="post" enctype="multipart\/form-data">.*name="field-0".*<button type="submit">Submit<\/button><\/form>/s,
		);
		expect(html.match(/<form /g)).toHaveLength(1);
		expect(html).toContain('type="date"');
	});

	test('after the answer: thanks, and nothing to press', () => {
		expect(ANSWERED_PAGE).toContain('<title>Got it, thanks</title>');
		expect(ANSWERED_PAGE).toContain('Your answer is recorded.');
		expect(ANSWERED_PAGE).not.toContain('<form');
	});
});
