import { defineConfig } from '@umijs/max';
import routes from './routes';

// Days the Access-Token cookie is kept (spec section 9: 7 unless configured).
const tokenDays = Number(process.env.VENUE_TOKEN_DAYS || 7);

export default defineConfig({
  // Plugins we use. The layout plugin is deliberately absent: ProLayout lives in
  // the lazily loaded BasicLayout route so it never reaches the login bundle.
  // The locale plugin is absent too: it bundles all 16 languages eagerly; our
  // own loader in src/locales fetches only the active one.
  access: {},
  model: {},
  initialState: { loading: '@/components/PageLoading' },
  plugins: ['./config/plugins/preloadWithSession.ts'],
  // Polyfills of standard features the targets lack, not of proposals no page uses
  // (umi's default, all of core-js, was 100 KB gzipped of the login page's 360).
  polyfill: { imports: ['core-js/stable'] },
  routes,
  history: { type: 'browser' },
  publicPath: '/',
  outputPath: 'dist',
  hash: true,
  title: 'Venue Platform',
  favicons: ['/favicon.svg'],
  npmClient: 'npm',
  mfsu: false,
  esbuildMinifyIIFE: true,
  define: {
    'process.env.VENUE_TOKEN_DAYS': tokenDays,
  },
  chainWebpack(memo) {
    // Spec section 9: chunk load time-out 120 000 ms.
    memo.output.chunkLoadTimeout(120000);
    return memo;
  },
  proxy: {
    '/api': { target: process.env.VENUE_API_URL || 'http://127.0.0.1:18080', changeOrigin: true },
    '/uploads': {
      target: process.env.VENUE_API_URL || 'http://127.0.0.1:18080',
      changeOrigin: true,
    },
  },
});
