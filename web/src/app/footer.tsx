import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showAlert } from '../shared/alert/alert';
import { webConfig } from '../shared/config';

export function Footer() {
  const { t } = useTranslation();
  const { company } = webConfig;
  return (
    <footer className="app-footer">
      <div className="app-footer-inner">
        <nav className="footer-links">
          <Link to="/faq">{t('footer.faq')}</Link>
          <button
            type="button"
            className="link-button"
            onClick={() =>
              void showAlert(`${t('footer.contactAlert')} ${t('footer.contactChannel', { email: company.email })}`)
            }
          >
            {t('footer.contact')}
          </button>
          <Link to="/provideterms">{t('footer.terms')}</Link>
          <Link to="/privacyTerms" className="strong">
            {t('footer.privacy')}
          </Link>
          <Link to="/operating-policies">{t('footer.servicePolicy')}</Link>
          <Link to="/block-objection">{t('blockObjection.link')}</Link>
        </nav>
        <address>
          <span className="fact-label">{t('footer.company')}:</span> {company.name} ·{' '}
          <span className="fact-label">{t('footer.representative')}:</span> {company.representative} ·{' '}
          <span className="fact-label">{t('footer.businessNumber')}:</span> {company.businessNumber}
          <br />
          <span className="fact-label">{t('footer.address')}:</span> {company.address} ·{' '}
          <span className="fact-label">{t('footer.email')}:</span>{' '}
          <a href={`mailto:${company.email}?subject=${encodeURIComponent(`[Fanmission] ${t('footer.contact')}`)}`}>
            {company.email}
          </a>
        </address>
        <small>
          © {new Date().getFullYear()} {company.name}
        </small>
      </div>
    </footer>
  );
}
