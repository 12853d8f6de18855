/** 'IMPORTANT: PLEASE READ' on /home, accepted once per browser session. */
import { useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { PickupTimesText } from './pickup-times-text';

const ACCEPTED_KEY = 'importantNoticeAccepted';

function alreadyAccepted(): boolean {
  try {
    return window.sessionStorage.getItem(ACCEPTED_KEY) === 'yes';
  } catch {
    return false;
  }
}

export function ImportantNotice() {
  const [open, setOpen] = useState(() => !alreadyAccepted());
  if (!open) return null;
  const accept = () => {
    try {
      window.sessionStorage.setItem(ACCEPTED_KEY, 'yes');
    } catch {
      // storage disabled: the notice simply shows again next visit
    }
    setOpen(false);
  };
  return (
    <ModalDialog labelledBy="important-title">
      <h2 id="important-title">IMPORTANT: PLEASE READ</h2>
      <ul>
        <li>Each order is for one student. Please place a separate order for each student.</li>
        <li>
          We cannot take requests for a particular style, colour or brand; pictures are only
          examples.
        </li>
        <li>Supplies are limited: the amount you request is not guaranteed.</li>
        <li>In-stock items are picked, packed and delivered within 24-48 hours.</li>
        <li>
          <PickupTimesText />
        </li>
      </ul>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={accept} autoFocus>
          I have read this
        </button>
      </div>
    </ModalDialog>
  );
}
