import React from 'react';
import { LOCALES } from '@/locales';
import { formatMessage, getLocale, setLocale } from '@/utils/intl';

/**
 * Frame of the pages before login (login, register, auto-login): product title over
 * an animated CSS background. Kept free of heavy components: it is in the login bundle.
 */
const AuthShell: React.FC<{ subtitle?: string; children: React.ReactNode }> = ({
  subtitle,
  children,
}) => (
  <div className="venue-auth">
    <div className="venue-auth-bg" aria-hidden>
      <span />
      <span />
      <span />
      <span />
    </div>
    <div className="venue-auth-lang">
      <select
        aria-label={formatMessage({ id: 'header.language' })}
        value={getLocale()}
        onChange={(e) => setLocale(e.target.value)}
      >
        {LOCALES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </div>
    <header className="venue-auth-header">
      <h1 className="venue-auth-title">
        <img src="/logo.svg" alt="" />
        {formatMessage({ id: 'app.title' })}
      </h1>
      <div className="venue-auth-subtitle">{subtitle ?? formatMessage({ id: 'app.slogan' })}</div>
    </header>
    <main className="venue-auth-card">{children}</main>
    <footer className="venue-auth-footer">
      {formatMessage({ id: 'app.copyright' }, { year: new Date().getFullYear() })}
    </footer>
  </div>
);

export default AuthShell;
