import { describe, expect, it } from 'vitest';
import { type AnswerRule, checkAnswers, type RawAnswers } from './answers.ts';

const field = (id: string, kind: AnswerRule['kind'], required = true, options: string[] = []): AnswerRule => ({
  id,
  kind,
  required,
  options,
});
const FORM: AnswerRule[] = [
  field('name', 'name'),
  field('email', 'email'),
  field('phone', 'phone', false),
  field('message', 'message', false),
  field('f1', 'choice', true, ['1-10', '11-50']),
  field('f2', 'multi', false, ['Sales', 'Support']),
  field('f3', 'checkbox', false),
];
const GOOD: RawAnswers = { name: 'Ada', email: 'ada@example.test', f1: '1-10' };

describe('checkAnswers', () => {
  it.each<[string, RawAnswers, Record<string, string>]>([
    [
      'nothing at all: every required field at once',
      {},
      { name: 'form_required', email: 'form_required', f1: 'form_required' },
    ],
    [
      'blank and malformed together',
      { name: '  ', email: 'ada at example', f1: '1-10' },
      { name: 'form_required', email: 'email_invalid' },
    ],
    ['a phone without its country code', { ...GOOD, phone: '020 7946 0958' }, { phone: 'phone_invalid' }],
    ['a choice that is not offered', { ...GOOD, f1: '51+' }, { f1: 'form_choice_invalid' }],
    ['a multiple choice with a stranger', { ...GOOD, f2: ['Sales', 'Ops'] }, { f2: 'form_choice_invalid' }],
    ['a list where text belongs', { ...GOOD, name: ['Ada'] }, { name: 'form_choice_invalid' }],
    ['a short answer past its limit', { ...GOOD, name: 'a'.repeat(201) }, { name: 'form_answer_too_long' }],
    ['a message past its limit', { ...GOOD, message: 'a'.repeat(5001) }, { message: 'form_answer_too_long' }],
    ['an email without its domain', { ...GOOD, email: 'ada@example' }, { email: 'email_invalid' }],
  ])('%s', (_case, answers, problems) => {
    expect(checkAnswers(FORM, answers)).toEqual({ ok: false, problems });
  });

  it('refuses a required checkbox left unticked', () => {
    expect(checkAnswers([field('f1', 'checkbox')], { f1: false })).toEqual({
      ok: false,
      problems: { f1: 'form_required' },
    });
  });

  it.each<[string, RawAnswers, Record<string, string>]>([
    [
      'the least a viewer must give',
      GOOD,
      { name: 'Ada', email: 'ada@example.test', phone: '', message: '', f1: '1-10', f2: '', f3: 'no' },
    ],
    [
      'everything, written as people write it',
      {
        name: ' Ada\r\nLovelace ',
        email: 'ada@example.test',
        phone: '+44 (20) 7946-0958',
        message: 'Line one\r\nLine two\u0007',
        f1: '11-50',
        f2: ['Sales', 'Sales', 'Support'],
        f3: true,
        unknown: 'dropped',
      },
      {
        name: 'Ada Lovelace',
        email: 'ada@example.test',
        phone: '+442079460958',
        message: 'Line one\nLine two',
        f1: '11-50',
        f2: 'Sales; Support',
        f3: 'yes',
      },
    ],
  ])('takes %s', (_case, answers, stored) => {
    expect(checkAnswers(FORM, answers)).toEqual({ ok: true, answers: stored });
  });
});
