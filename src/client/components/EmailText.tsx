import { Fragment } from 'react';

/** The pieces of an address, each starting at an '@' or a '.': 'ann.lee@acme.com' -> ['ann', '.lee', '@acme', '.com']. */
export function emailPieces(address: string): string[] {
  return address.split(/(?=[@.])/);
}

/**
 * An email address that may wrap on a narrow screen only before its '@' or a dot, never in the
 * middle of a name (a box that breaks anywhere, such as a phone's list card, tries these first).
 */
export function EmailText({ address }: { address: string }) {
  return (
    <span title={address}>
      {emailPieces(address).map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
