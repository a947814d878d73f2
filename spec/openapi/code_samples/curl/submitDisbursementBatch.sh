curl --request POST "${MERCHANT_PAYMENTS_BASE_URL:-http://127.0.0.1:4010}/disbursements/batch/addJson" \
  --header "Authorization: Bearer ${MERCHANT_PAYMENTS_TOKEN}" \
  --header "Content-Type: application/json" \
  --header "Accept-Language: en" \
  --header "accept: application/json" \
  --data '{
    "header": {
      "merchantAccountNumber": 12345678,
      "isBatchScheduled": true,
      "scheduledDate": "2024-02-01",
      "capturedBy": "finance.ops@cornergrocers.example"
    },
    "transactions": [
      {
        "beneficiaryName": "Grace Wanjiru",
        "connectorId": 3,
        "beneficiaryAccountNumber": "0722000111",
        "transactionDescription": "January commission",
        "transactionAmount": 4500.00,
        "sourceReferenceNumber": "PAY-2024-02-0001"
      }
    ]
  }'
