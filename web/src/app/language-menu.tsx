import { LANGUAGE_MENU, normalizeLanguage } from '@fanmission/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../shared/i18n/i18n';
import { LazyMenu } from '../shared/ui/lazy-menu';
import { Icon } from '../shared/ui/icons';

/** KOREAN / ENGLISH / JAPANESE; choosing one stores it and reloads the page. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = normalizeLanguage(i18n.language);
  const label = LANGUAGE_MENU.find((entry) => entry.language === current)?.label ?? 'KOREAN';
  return (
    <>
      <button
        type="button"
        className="shell-button text language-button"
        aria-label={`${t('language.label')}: ${label}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Icon name="language" size={20} />
        {/* On a phone the globe alone (the name stays in aria-label): the bar keeps to one line. */}
        <span className="language-name">{label}</span>
      </button>
      <LazyMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        items={LANGUAGE_MENU.map(({ language, label: itemLabel }) => ({
          key: language,
          label: itemLabel,
          selected: language === current,
          onClick: () => {
            if (language !== current) changeLanguage(language);
          },
        }))}
      />
    </>
  );
}
