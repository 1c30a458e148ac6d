import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { CATALOGUES, DEFAULT_LANGUAGE, LANGUAGES, type Catalogue } from './catalogue';
import { DEFAULT_TIME_ZONE, formatsFor, TIME_ZONES, type Formats, type Language } from './formats';

/** The reader's language and time zone, and the words and formats they give. */
export interface Locale {
  language: Language;
  timeZone: string;
  t: Catalogue;
  format: Formats;
  setLanguage(language: Language): void;
  setTimeZone(timeZone: string): void;
}

/**
 * Preferences, not secrets: remembered in localStorage (every tab, every visit), unlike
 * the token. An unknown stored value (an older console, a hand edit) falls back to the default.
 */
const PREFERENCES_KEY = 'ponte.console.preferences';

interface Preferences {
  language: Language;
  timeZone: string;
}

function storedPreferences(): Preferences {
  let stored: Partial<Preferences> = {};
  try {
    stored = JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}') as Partial<Preferences>;
  } catch {
    // Unreadable: the defaults.
  }
  return {
    language: LANGUAGES.some((language) => language.id === stored.language) ? stored.language! : DEFAULT_LANGUAGE,
    timeZone: TIME_ZONES.some((zone) => zone.id === stored.timeZone) ? stored.timeZone! : DEFAULT_TIME_ZONE,
  };
}

const LocaleContext = createContext<Locale | null>(null);

export function LocaleProvider({ children }: { children: ComponentChildren }) {
  const [preferences, setPreferences] = useState(storedPreferences);
  useEffect(() => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
    // Screen readers pick their voice from the page's language.
    document.documentElement.lang = preferences.language;
    document.title = CATALOGUES[preferences.language].app.title;
  }, [preferences]);
  const locale = useMemo<Locale>(
    () => ({
      ...preferences,
      t: CATALOGUES[preferences.language],
      format: formatsFor(preferences.language, preferences.timeZone),
      setLanguage: (language) => setPreferences((current) => ({ ...current, language })),
      setTimeZone: (timeZone) => setPreferences((current) => ({ ...current, timeZone })),
    }),
    [preferences],
  );
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useLocale(): Locale {
  const locale = useContext(LocaleContext);
  if (!locale) throw new Error('useLocale outside LocaleProvider');
  return locale;
}

/** The words of the reader's language. */
export function useT(): Catalogue {
  return useLocale().t;
}
