import { LANGUAGE_MENU, normalizeLanguage } from '@fanmission/contracts';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../shared/i18n/i18n';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-menu">
      <span className="visually-hidden">{t('language.label')}</span>
      <select
        value={normalizeLanguage(i18n.language)}
        onChange={(event) => changeLanguage(normalizeLanguage(event.target.value))}
      >
        {LANGUAGE_MENU.map(({ language, label }) => (
          <option key={language} value={language}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}
