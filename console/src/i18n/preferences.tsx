import { LANGUAGES } from './catalogue';
import { TIME_ZONES, type Language } from './formats';
import { useLocale } from './locale';

/** The language and time zone pickers; each is remembered (LocaleProvider). */
export function PreferencePickers({ timeZone = true }: { timeZone?: boolean }) {
  const locale = useLocale();
  return (
    <div class="preferences">
      <label>
        {locale.t.preferences.language}
        <select aria-label={locale.t.preferences.language} value={locale.language} onChange={(event) => locale.setLanguage(event.currentTarget.value as Language)}>
          {LANGUAGES.map((language) => (
            <option key={language.id} value={language.id} lang={language.id}>
              {language.name}
            </option>
          ))}
        </select>
      </label>
      {timeZone && (
        <label>
          {locale.t.preferences.timeZone}
          <select aria-label={locale.t.preferences.timeZone} value={locale.timeZone} onChange={(event) => locale.setTimeZone(event.currentTarget.value)}>
            {TIME_ZONES.map((zone) => (
              <option key={zone.id} value={zone.id}>
                {zone.name}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
