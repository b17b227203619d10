import { Navigate } from '@umijs/max';
import React from 'react';

/** Any unknown path goes to /404 (spec section 2). */
const NotFoundRedirect: React.FC = () => <Navigate to="/404" replace />;

export default NotFoundRedirect;
