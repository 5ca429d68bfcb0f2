import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PRODUCT_NAME } from '../../shared/constants';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <main>
        <h1>{PRODUCT_NAME}</h1>
      </main>
    </StrictMode>,
  );
}
