import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../alert/alert';
import { webConfig } from '../config';
import i18next from 'i18next';

interface DaumPostcodeResult {
  zonecode: string;
  address: string;
  roadAddress?: string;
  buildingName?: string;
}

declare global {
  interface Window {
    daum?: { Postcode: new (options: { oncomplete: (data: DaumPostcodeResult) => void }) => { open(): void } };
  }
}

let loading: Promise<void> | undefined;

/** How long the postcode script may take to load before the member is told to type the address himself. */
export const POSTCODE_LOAD_TIMEOUT_MS = 8_000;

function loadPostcodeScript(): Promise<void> {
  if (window.daum?.Postcode) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    // A network that neither answers nor fails (a captive portal, a blocked CDN) must not leave the button silent.
    const timer = setTimeout(() => fail(new Error('postcode script timed out')), POSTCODE_LOAD_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      script.remove();
      loading = undefined;
      reject(error);
    };
    script.src = webConfig.daumPostcodeUrl;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => fail(new Error('postcode script failed to load'));
    document.head.appendChild(script);
  });
  return loading;
}

/** The address the postcode popup chose, handed to the form; without a handler, the spec's alert. */
export function deliverAddress(result: DaumPostcodeResult, onSelect?: (address: string) => void): void {
  if (!onSelect) {
    void showAlert(i18next.t('postcode.noHandler'));
    return;
  }
  const base = result.roadAddress || result.address;
  onSelect(`(${result.zonecode}) ${base}${result.buildingName ? ` ${result.buildingName}` : ''}`);
}

/** Korean postcode search (Daum); offered to Korean-language users only. */
export function AddressSearchButton({ onSelect }: { onSelect?: (address: string) => void }) {
  const { t } = useTranslation();
  const open = async () => {
    try {
      await loadPostcodeScript();
      const Postcode = window.daum?.Postcode;
      if (!Postcode) throw new Error('no daum.Postcode');
      new Postcode({ oncomplete: (data) => deliverAddress(data, onSelect) }).open();
    } catch {
      void showAlert(t('postcode.loadFailed'));
    }
  };
  return (
    <Button variant="outlined" onClick={() => void open()} sx={{ whiteSpace: 'nowrap', minWidth: 110, minHeight: 56 }}>
      {t('signUp.addressSearch')}
    </Button>
  );
}
