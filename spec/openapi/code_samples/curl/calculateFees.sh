curl --request POST "${MERCHANT_PAYMENTS_BASE_URL:-http://127.0.0.1:4010}/merchants/fees/calculate" \
  --header "Authorization: Bearer ${MERCHANT_PAYMENTS_TOKEN}" \
  --header "Content-Type: application/json" \
  --header "Accept-Language: en" \
  --data '{
    "merchantAccountNumber": 12345678,
    "feeType": "D",
    "channelType": "MW",
    "transactionAmount": 1000.00
  }'
