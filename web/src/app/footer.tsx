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
          <button type="button" className="link-button" onClick={() => void showAlert(t('footer.contactAlert'))}>
            {t('footer.contact')}
          </button>
          <Link to="/provideterms">{t('footer.terms')}</Link>
          <Link to="/privacyTerms" className="strong">
            {t('footer.privacy')}
          </Link>
          <Link to="/operating-policies">{t('footer.servicePolicy')}</Link>
          <Link to="/block-objection">{t('blockObjection.link')}</Link>
        </nav>
        {/* Each fact is one box: a line breaks between them, not inside one (English broke "E-" / "mail"). */}
        <address>
          <span>
            {t('footer.company')}: {company.name}
          </span>{' '}
          ·{' '}
          <span>
            {t('footer.representative')}: {company.representative}
          </span>{' '}
          ·{' '}
          <span>
            {t('footer.businessNumber')}: {company.businessNumber}
          </span>
          <br />
          <span>
            {t('footer.address')}: {company.address}
          </span>{' '}
          ·{' '}
          <span>
            {t('footer.email')}: {company.email}
          </span>
        </address>
        <small>
          © {new Date().getFullYear()} {company.name}
        </small>
      </div>
    </footer>
  );
}
