/** The card colour: a radio group of swatches, one per theme, named 'Theme Sky', 'Theme Pink', … */
import type { Theme } from '../domain/card';
import { THEMES } from '../domain/card';
import { themeBackground, themeLabel } from './card-themes';

export interface ThemePickerProps {
  name: string;
  value: Theme;
  onChange: (theme: Theme) => void;
}

export function ThemePicker({ name, value, onChange }: ThemePickerProps) {
  return (
    <fieldset className="theme-picker">
      <legend className="field-label">Theme</legend>
      <div className="theme-swatches">
        {THEMES.map((theme) => (
          <label key={theme} className="theme-swatch" style={{ backgroundImage: themeBackground(theme) }}>
            {/* Native radios: arrow keys move between themes, and the group is one tab stop. */}
            <input
              type="radio"
              name={name}
              value={theme}
              checked={value === theme}
              onChange={() => onChange(theme)}
              aria-label={`Theme ${themeLabel(theme)}`}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
