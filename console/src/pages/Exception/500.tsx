import React from 'react';
import ExceptionPage from './ExceptionPage';

const Exception500: React.FC = () => <ExceptionPage status="500" />;

export default Exception500;
