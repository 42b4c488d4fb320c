/**
 * The live list of SPEC.md §5's requirements. Each item says whether it is met in three ways, so colour is never
 * the only signal: a tick or an open circle, the colour, and a word read out by screen readers.
 */
import type { RequirementResult } from '../../domain/password-rules';

export function RequirementList({ id, requirements }: { id: string; requirements: readonly RequirementResult[] }) {
  return (
    <ul id={id} className="password-requirements" aria-label="Password requirements">
      {requirements.map(({ id: requirementId, label, met }) => (
        <li key={requirementId} className="password-requirement" data-met={met ? 'true' : 'false'}>
          <span className="password-requirement-mark" aria-hidden="true">
            {met ? '✓' : '○'}
          </span>
          <span className="visually-hidden">{met ? 'Met: ' : 'Not met: '}</span>
          <span>{label}</span>
        </li>
      ))}
    </ul>
  );
}
