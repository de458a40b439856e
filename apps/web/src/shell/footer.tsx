import { Apple, Play } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { config } from '../config.ts';
import { toast } from '../lib/toast.ts';
import { paths } from '../paths.ts';
import { useAuth } from '../session/auth-context.tsx';
import { Logo } from './logo.tsx';
import { footerSections } from './nav-data.ts';
import type { FooterLink } from './nav-data.ts';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon } from './social-icons.tsx';

export const loginRequiredMessage = 'Please log in to perform this action.';
export const wrongRoleMessage = (role: string) => `Please log in as a ${role} to perform this action.`;

// The product's social profiles are not named in the spec yet; these point at the networks.
const socialLinks = [
  { name: 'Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { name: 'Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
  { name: 'X (Twitter)', href: 'https://x.com/', Icon: XIcon },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/', Icon: LinkedInIcon },
];

// The native apps' store pages, from configuration (VITE_IOS_APP_URL, VITE_ANDROID_APP_URL), as /appDownload links them.
const appLinks = [
  { name: 'iOS', caption: 'Download on the', store: 'App Store', href: config.iosAppUrl, Icon: Apple },
  { name: 'Android', caption: 'Get it on', store: 'Google Play', href: config.androidAppUrl, Icon: Play },
];

function FooterNavLink({ link }: { link: FooterLink }) {
  const { isAuthenticated, userRole } = useAuth();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!link.role) return;
    // Protected links say why they will not open instead of bouncing through /login (spec section 5); clicked again,
    // the same toast stays one (its text is its id).
    if (!isAuthenticated) {
      event.preventDefault();
      toast.error(loginRequiredMessage, { toastId: loginRequiredMessage });
    } else if (userRole !== link.role) {
      event.preventDefault();
      const message = wrongRoleMessage(link.role);
      toast.error(message, { toastId: message });
    }
  };
  return (
    <Link to={link.path} onClick={onClick} className="rounded text-sm text-slate-300 transition-colors hover:text-white">
      {link.name}
    </Link>
  );
}

export function Footer() {
  return (
    <footer data-testid="site-footer" className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_repeat(3,1fr)]">
          <div>
            <div className="inline-flex">
              <Logo to={paths.root} tone="light" />
            </div>
            <p className="mt-4 max-w-xs text-sm leading-6 text-slate-300">
              LocalLoop connects people with local businesses, deals and community activities.
            </p>
            <ul className="mt-5 flex gap-2" aria-label="LocalLoop on social media">
              {socialLinks.map(({ name, href, Icon }) => (
                <li key={name}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={name}
                    className="flex size-9 items-center justify-center rounded-full bg-white/10 text-slate-200 transition-colors hover:bg-teal-600 hover:text-white"
                  >
                    <Icon className="size-4" />
                  </a>
                </li>
              ))}
            </ul>
            <div className="mt-6 flex flex-wrap gap-3">
              {appLinks.map(({ name, caption, store, href, Icon }) => (
                <a
                  key={name}
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-2 rounded-xl border border-white/15 bg-black/30 px-3 py-2 text-white transition-colors hover:border-teal-400"
                >
                  <Icon aria-hidden="true" className="size-5" />
                  <span className="leading-tight">
                    <span className="block text-[0.65rem] text-slate-300">{caption}</span>{' '}
                    <span className="block text-sm font-semibold">{store}</span>
                    {' '}
                    <span className="sr-only">({name})</span>
                  </span>
                </a>
              ))}
            </div>
            <Link to={paths.appDownload} className="mt-3 inline-block rounded text-sm text-slate-300 underline-offset-2 hover:text-white hover:underline">
              Install the web app
            </Link>
          </div>

          {footerSections.map((section) => (
            <nav key={section.title} aria-label={section.title}>
              <h2 className="text-sm font-semibold text-white">{section.title}</h2>
              <ul className="mt-4 space-y-2.5">
                {section.links.map((link) => (
                  <li key={link.name}>
                    <FooterNavLink link={link} />
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="mt-12 border-t border-white/10 pt-6 text-center text-sm text-slate-400">
          © 2025 LocalLoop. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
