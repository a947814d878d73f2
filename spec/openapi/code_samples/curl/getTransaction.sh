curl --request POST "${MERCHANT_PAYMENTS_BASE_URL:-http://127.0.0.1:4010}/collections/getTransaction" \
  --header "Authorization: Bearer ${MERCHANT_PAYMENTS_TOKEN}" \
  --header "Content-Type: application/json" \
  --header "Accept-Language: en" \
  --data '{
    "merchantAccountNumber": 12345678,
    "transactionReferenceNumber": "TXN-20240115-000123"
  }'
