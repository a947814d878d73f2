curl --request POST "${MERCHANT_PAYMENTS_BASE_URL:-http://127.0.0.1:4010}/core/MerchantAnalytics/GetDisbursementMetrics" \
  --header "Authorization: Bearer ${MERCHANT_PAYMENTS_TOKEN}" \
  --header "Content-Type: application/json" \
  --header "Accept-Language: en" \
  --data '{
    "merchantAccountNumber": 12345678,
    "summaryType": "D",
    "fromDate": "2024-01-01",
    "toDate": "2024-01-31"
  }'
