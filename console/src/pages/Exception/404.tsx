import React from 'react';
import ExceptionPage from './ExceptionPage';

const Exception404: React.FC = () => <ExceptionPage status="404" />;

export default Exception404;
