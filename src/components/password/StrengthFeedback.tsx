/**
 * What the strength estimator says about a new secret, under its field: the same verdicts for a password and a
 * backup passphrase, each form in its own words.
 */
import { FieldMessage } from './FieldMessage';
import type { Strength } from './password-strength';

export interface StrengthTexts {
  /** While the estimator loads; a form without it shows nothing until the estimate. */
  checking?: string;
  unavailable: string;
  strong: string;
  weak: string;
}

export interface StrengthFeedbackProps {
  strength: Strength;
  texts: StrengthTexts;
  /**
   * The form's other rules hold (a password's requirements): the strong message waits for them even when the
   * estimate is safe.
   */
  acceptable?: boolean;
  /**
   * Always give the verdict, strong or weak, with the estimator's advice under a weak one. Without it, a weak secret
   * shows only the advice, and the weak text stands in when the estimator has none.
   */
  verdict?: boolean;
}

export function StrengthFeedback({ strength, texts, acceptable = true, verdict = false }: StrengthFeedbackProps) {
  if (strength.status === 'empty') return null;
  if (strength.status === 'checking')
    return texts.checking ? <FieldMessage tone="pending">{texts.checking}</FieldMessage> : null;
  if (strength.status === 'unavailable') return <FieldMessage tone="error">{texts.unavailable}</FieldMessage>;
  const { safe, warning, suggestions } = strength.estimate;
  if (safe) return acceptable ? <FieldMessage tone="success">{texts.strong}</FieldMessage> : null;
  const advice = [warning, ...suggestions].filter((text): text is string => Boolean(text));
  if (advice.length === 0 && !verdict) advice.push(texts.weak);
  return (
    <>
      {verdict && <FieldMessage tone="error">{texts.weak}</FieldMessage>}
      {advice.map((text) => (
        <FieldMessage key={text} tone="warning">
          {text}
        </FieldMessage>
      ))}
    </>
  );
}
