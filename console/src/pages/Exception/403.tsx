import React from 'react';
import ExceptionPage from './ExceptionPage';

const Exception403: React.FC = () => <ExceptionPage status="403" />;

export default Exception403;
