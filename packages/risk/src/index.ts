// Public surface of @fonrisk/risk: explicit named exports only (style.md).

// --- returns, statistics, VaR, backtesting ---

// --- instruments, leverage, stress, risk value, liquidity, concentration, performance ---

export {};
